/** The headers of a 402 that speak of a price (`crawler-price: USD 0.01`, `crawler-charged`, `x-price`), as `name: value`. */
export function priceHeadersOf(headers: Readonly<Record<string, string>>): string[] {
  return Object.entries(headers).filter(([name]) => /(^|-)(price|charged)$/i.test(name) || /^crawler-.*price/i.test(name))
    .map(([name, value]) => `${name.toLowerCase()}: ${value.length > 200 ? `${value.slice(0, 200)}…` : value}`);
}
