import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("stage",), axis_types=(jax.sharding.AxisType.Auto,))


class Stage(nn.Module):
    dim: int = 128

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.dim)(nn.LayerNorm()(x))


def to_next(x, axis="stage", n=4):
    perm = [(i, i + 1) for i in range(n - 1)]
    t = jax.lax.psend(x, axis, perm)
    return jax.lax.precv(t, jax.ShapeDtypeStruct(x.shape, x.dtype), axis, perm)


model = Stage()
variables = model.init(jax.random.key(0), jnp.ones((1, 128)))


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("stage")), out_specs=P("stage"))
def pipeline(variables, x):
    return to_next(model.apply(variables, x))


x = jnp.ones((32, 128), jnp.bfloat16)
print(pipeline.trace(variables, x).lower(lowering_platforms=("tpu",)).as_text()[:80])
