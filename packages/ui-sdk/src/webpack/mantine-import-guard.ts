import type { Compiler } from 'webpack';

/**
 * Fails a remote's build when its own code imports @mantine/* directly: that would bundle a second Mantine
 * whose components cannot see the shell's MantineProvider. Mantine comes from '@lattice/ui-sdk'.
 */
export class MantineImportGuard {
  apply(compiler: Compiler): void {
    const { WebpackError } = compiler.webpack;
    compiler.hooks.normalModuleFactory.tap('MantineImportGuard', (factory) => {
      factory.hooks.beforeResolve.tap('MantineImportGuard', (data) => {
        const issuer = data.contextInfo.issuer;
        if (!data.request.startsWith('@mantine/') || !issuer || issuer.includes('node_modules')) return;
        if (issuer.includes('/packages/ui-sdk/')) return;
        throw new WebpackError(`${issuer} imports "${data.request}": import Mantine components from "@lattice/ui-sdk" so the shell's one copy is used`);
      });
    });
  }
}
