from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from kernels import right_permute

mesh = jax.make_mesh((4,), ("x",))


class Mixer(eqx.Module):
    w: jax.Array

    def __init__(self, d, key):
        self.w = jax.random.normal(key, (d, d)) / d**0.5

    @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("x")), out_specs=P("x"))
    def __call__(self, x):
        h = x @ self.w
        return h + right_permute(h, axis="x", n=4)


model = Mixer(128, jax.random.key(0))
fwd = eqx.filter_jit(lambda m, x: m(x))
x = jnp.ones((32, 128))
print(jax.jit(lambda m, x: fwd(m, x)).trace(model, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
