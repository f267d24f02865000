/**
 * A profile's XML without one top-level bean and the references to it, so that a test can put
 * its own version of that bean in.
 */
export function withoutBean(xml: string, id: string): string {
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const selfClosing = new RegExp(`\\n? *<bean id="${escaped}"[^>]*/>`, 'g');
  const withBody = new RegExp(`\\n? *<bean id="${escaped}"[^>]*[^/]>[\\s\\S]*?\\n </bean>`, 'g');
  const refs = new RegExp(`\\n? *<ref bean="${escaped}"/>`, 'g');
  const out = xml.replace(withBody, '').replace(selfClosing, '').replace(refs, '');
  if (out === xml) throw new Error(`the profile has no bean "${id}" to take out`);
  return out;
}
