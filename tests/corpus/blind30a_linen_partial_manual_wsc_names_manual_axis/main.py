import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
ACT_SHARDING = NamedSharding(mesh, P("data", "model"))


class Block(nn.Module):
    hidden: int = 64

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.hidden)(x)
        h = jax.lax.with_sharding_constraint(h, ACT_SHARDING)
        return nn.Dense(x.shape[-1])(nn.gelu(h))


block = Block()


@jax.jit
def forward(params, x):
    y = jax.shard_map(lambda p, x: block.apply({"params": p}, x), mesh=mesh,
                      in_specs=(P(), P("data", None)), out_specs=P("data", None),
                      axis_names=frozenset({"data"}), check_vma=False)(params, x)
    return jax.lax.with_sharding_constraint(y, ACT_SHARDING)


if __name__ == "__main__":
    x = jnp.ones((8, 32))
    params = block.init(jax.random.key(0), x)["params"]
    print(forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
