import { expect } from 'chai';
import type { ComponentDescriptor } from '../../src/beans/registry/component-descriptor.js';
import { BUILT_IN_COMPONENTS } from '../../src/catalog/catalog.js';
import { SiteServer, type Route } from '../support/site-server.js';
import { ALL_DRIVERS } from './overlayable/all-drivers.js';
import type { DriveContext, Driver, PropertyCase } from './overlayable/driver.js';
import { ACCEPTED_WITHOUT_EFFECT } from './overlayable/ignored-properties.js';
import { ELSEWHERE, overlaySetting, SUBJECT } from './overlayable/recording-overlay.js';

/**
 * Every property a component declares overlayable is driven through a sheet, and the component
 * is seen to use the sheet's value: each case runs the component once under a sheet addressed to
 * another bean (its base value applies) and once under the same sheet addressed to it, and the
 * two outcomes must be the expected ones. The list of what to drive comes from the registry, so
 * a new overlayable property (or component) fails here until it has a driver, in
 * test/integration/overlayable/, or is listed as accepted without effect, with the reason.
 */
const overlayable = (d: ComponentDescriptor) => Object.keys(d.props).filter((name) => d.props[name].overlayable);
const WITH_OVERLAYABLES = BUILT_IN_COMPONENTS.filter((d) => overlayable(d).length > 0);
const DESCRIPTORS = new Map(WITH_OVERLAYABLES.map((d) => [d.name, d]));

function routesOf(drivers: readonly Driver[]): Record<string, Route> {
  const routes: Record<string, Route> = {};
  for (const d of drivers) {
    for (const [path, route] of Object.entries(d.routes ?? {})) {
      if (path in routes) throw new Error(`${d.component}: the loopback route ${path} is declared twice`);
      routes[path] = route;
    }
  }
  return routes;
}

describe('every overlayable property, driven through a sheet', function () {
  this.timeout(20_000);

  describe('coverage: the registry against the drivers', () => {
    it('finds the components that declare overlayable properties', () => {
      expect(WITH_OVERLAYABLES.length).to.be.greaterThan(60);
    });

    it('has a driver for every such component, and for no other', () => {
      const driven = ALL_DRIVERS.map((d) => d.component);
      expect(driven.filter((name, i) => driven.indexOf(name) !== i), 'components driven twice').to.deep.equal([]);
      expect(WITH_OVERLAYABLES.map((d) => d.name).filter((name) => !driven.includes(name)), 'components with overlayable properties and no ' +
        'driver').to.deep.equal([]);
      expect(driven.filter((name) => !DESCRIPTORS.has(name)), 'drivers of components without overlayable properties').to.deep.equal([]);
      expect(Object.keys(ACCEPTED_WITHOUT_EFFECT).filter((name) => !DESCRIPTORS.has(name)), 'properties accepted without effect, of unknown ' +
        'components').to.deep.equal([]);
    });

    for (const d of WITH_OVERLAYABLES) {
      it(`${d.name}: drives ${overlayable(d).join(', ')}`, () => {
        const driver = ALL_DRIVERS.find((x) => x.component === d.name);
        const cases = (driver?.cases ?? []).map((c) => c.property);
        const inert = Object.keys(ACCEPTED_WITHOUT_EFFECT[d.name] ?? {});
        expect(cases.filter((p, i) => cases.indexOf(p) !== i), `${d.name}: properties driven twice`).to.deep.equal([]);
        expect(cases.filter((p) => inert.includes(p)), `${d.name}: properties both driven and listed as without effect`).to.deep.equal([]);
        expect([...cases, ...inert].sort(), `${d.name}: the overlayable properties, each driven or listed as without ` +
          `effect`).to.deep.equal(overlayable(d).sort());
      });
    }

    for (const [component, properties] of Object.entries(ACCEPTED_WITHOUT_EFFECT)) {
      for (const [property, reason] of Object.entries(properties)) {
        it(`${component}.${property}: accepted without effect (${reason}), as its description says`, () => {
          const spec = DESCRIPTORS.get(component)?.props[property];
          expect(spec?.overlayable, `${component}.${property} is overlayable`).to.equal(true);
          expect(spec?.description, `${component}.${property}'s description`).to.match(/accepted/i)
            .and.to.match(/ignored|not yet applied|not enforced yet|not implemented yet|follow candidates\.processErrorOutlinks/i);
        });
      }
    }
  });

  describe('each property, its sheet seen by the component', () => {
    let site: SiteServer;
    const ctx: DriveContext = {
      get site() {
        return site;
      },
    };

    before(async () => {
      site = await SiteServer.start(routesOf(ALL_DRIVERS));
    });

    after(async () => {
      await site?.close();
    });

    for (const driver of ALL_DRIVERS) {
      describe(driver.component, () => {
        for (const c of driver.cases) it(nameOf(driver.component, c), () => drive(driver.component, c, ctx));
      });
    }
  });
});

function nameOf(component: string, c: PropertyCase): string {
  return `${component}.${c.property}: ${c.change} (${c.seen === 'effect' ? 'seen by its effect' : 'seen by recording the value read'})`;
}

async function drive(component: string, c: PropertyCase, ctx: DriveContext): Promise<void> {
  const what = `${component}.${c.property}`;
  const spec = DESCRIPTORS.get(component)?.props[c.property];
  expect(spec?.overlayable, `${what} is declared overlayable`).to.equal(true);
  expect(c.value, `${what}: the sheet's value must differ from the default`).to.not.deep.equal(spec?.default);
  expect(c.expected.sheet, `${what}: the case must expect the sheet to change something`).to.not.deep.equal(c.expected.base);
  const elsewhere = overlaySetting(ELSEWHERE, { [c.property]: c.value });
  const own = overlaySetting(SUBJECT, { [c.property]: c.value });
  expect(await c.observe(elsewhere, ctx), `${what} with no sheet of its own (the base value)`).to.deep.equal(c.expected.base);
  expect(await c.observe(own, ctx), `${what} under a sheet setting ${JSON.stringify(c.value)}`).to.deep.equal(c.expected.sheet);
  // Whatever was observed, the value must have come through the URI's view of the configuration.
  expect(own.valuesRead(c.property), `${what}: the values read through the URI's view`).to.deep.include(c.value);
}
