import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))


class Block(nn.Module):
    hidden: int = 64

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.hidden)(x)
        h = jax.lax.with_sharding_constraint(h, NamedSharding(mesh, P(None, "model")))
        return nn.Dense(x.shape[-1])(nn.gelu(h))


block = Block()


def per_shard(params, x):
    return block.apply({"params": params}, x)


@jax.jit
def forward(params, x):
    y = jax.shard_map(per_shard, mesh=mesh, in_specs=(P(), P("data", None)),
                      out_specs=P("data", None), axis_names=frozenset({"data"}))(params, x)
    return jax.lax.with_sharding_constraint(y, NamedSharding(mesh, P("data", "model")))


if __name__ == "__main__":
    x = jnp.ones((8, 32))
    params = block.init(jax.random.key(0), x)["params"]
    print(forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
