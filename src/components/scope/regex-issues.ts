import type { BeanView, ValidationIssue } from '../../beans/registry/component-descriptor.js';
import { fullMatchRegex, regexProblem } from '../../util/java-regex.js';

/**
 * Verify's check of regular-expression properties: each expression (a string property, or each
 * item of a list) must compile as `fullMatchRegex` compiles it. One issue per bad expression,
 * located at the property's value.
 */
export function regexIssues(bean: BeanView, properties: readonly string[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const property of properties) {
    const value = bean.config[property];
    if (typeof value === 'string') check(issues, property, property, value);
    else if (Array.isArray(value)) value.forEach((item, i) => check(issues, property, `${property}[${i}]`, String(item)));
  }
  return issues;
}

/** A `validate` for a descriptor whose regular expressions are in these properties. */
export function validateRegexes(...properties: string[]): (bean: BeanView) => ValidationIssue[] {
  return (bean) => regexIssues(bean, properties);
}

function check(issues: ValidationIssue[], property: string, label: string, source: string): void {
  try {
    fullMatchRegex(source);
  } catch (e) {
    issues.push({ property, message: `${label} "${source}"${regexProblem(e)}` });
  }
}
