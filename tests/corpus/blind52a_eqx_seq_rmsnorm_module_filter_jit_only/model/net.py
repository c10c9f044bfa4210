import equinox as eqx
import jax

from .layers import Dense, SeqRMSNorm


class SeqParallelMLP(eqx.Module):
    norms: list
    denses: list

    def __init__(self, dim, depth, axis_name, key):
        keys = jax.random.split(key, depth)
        self.norms = [SeqRMSNorm(dim, axis_name) for _ in range(depth)]
        self.denses = [Dense(dim, dim, k) for k in keys]

    def __call__(self, x):
        for norm, dense in zip(self.norms, self.denses):
            x = x + jax.nn.gelu(dense(norm(x)))
        return x
