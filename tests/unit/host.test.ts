import { describe, expect, it } from 'vitest';
import { devVarsLine } from '../../scripts/host.mjs';

// How a value reaches wrangler as a secret: one line of the .dev.vars beside the generated config. That wrangler reads
// each line back unchanged is held by tests/e2e/host-secrets.spec.ts, through the Worker.
describe('devVarsLine', () => {
  it('quotes a value in the first of single quote, backtick and double quote that it does not hold', () => {
    expect(devVarsLine('CRM_TOKEN', 'abc #x $HOME \\n')).toBe("CRM_TOKEN='abc #x $HOME \\n'");
    expect(devVarsLine('CRM_TOKEN', `it's "so"`)).toBe('CRM_TOKEN=`it\'s "so"`');
    expect(devVarsLine('CRM_TOKEN', "it's `so`")).toBe('CRM_TOKEN="it\'s `so`"');
    expect(devVarsLine('EMPTY', '')).toBe("EMPTY=''");
  });

  it('refuses what wrangler would not read back whole, naming the variable and not the value', () => {
    for (const value of ['a\nb', 'a\rb', `'\`"`, "' ` \\n"]) {
      expect(() => devVarsLine('CRM_TOKEN', value)).toThrow(
        'The value of CRM_TOKEN cannot be passed to wrangler: it would not read it back unchanged',
      );
    }
    expect(() => devVarsLine('CRM TOKEN', 'x')).toThrow('Not a variable name: "CRM TOKEN"');
    expect(() => devVarsLine('X=1', 'x')).toThrow('Not a variable name');
  });
});
