import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("dp",), axis_types=(jax.sharding.AxisType.Auto,))


class Scorer(nn.Module):
    @nn.compact
    def __call__(self, x, mask):
        s = nn.Dense(1)(x)[..., 0]
        return jnp.where(mask, s, -1e9)


model = Scorer()
params = model.init(jax.random.key(0), jnp.ones((1, 8)), jnp.ones((1,), bool))


def score(params, x, mask):
    s = model.apply(params, x, mask)
    return jax.lax.pmax(jnp.max(s), "dp")


score_sharded = jax.jit(jax.shard_map(score, mesh=mesh, in_specs=(P(), P("dp")), out_specs=P()))
print(score_sharded.trace(params, jnp.ones((16, 8)), jnp.ones((16,), bool))
      .lower(lowering_platforms=("cuda",)).as_text()[:60])
