import type { ComponentDescriptor } from '../../beans/registry/component-descriptor.js';
import { fetchTableComponent } from './fetch-table.js';
import { postgresTableDriverComponent } from './postgres-table-driver.descriptor.js';

/** Database tables as sources (FetchTable) and the databases they are read from (drivers). */
export const TABLES_COMPONENTS: ComponentDescriptor[] = [fetchTableComponent, postgresTableDriverComponent];
