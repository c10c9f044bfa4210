import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)


class Proj(eqx.Module):
    linear: eqx.nn.Linear

    def __init__(self, d, key):
        self.linear = eqx.nn.Linear(d, d, use_bias=False, key=key)

    def __call__(self, x):
        return jax.vmap(self.linear)(x)


def shard_forward(model, x):
    params, static = eqx.partition(model, eqx.is_array)

    def local(params, x):
        return eqx.combine(params, static)(x)

    return jax.shard_map(local, mesh=mesh,
                         in_specs=(P(), P("data", "model")),
                         out_specs=P("data", None),
                         axis_names={"data"})(params, x)


if __name__ == "__main__":
    model = Proj(16, jax.random.key(0))
    x = jnp.ones((8, 16))
    traced = jax.jit(shard_forward).trace(model, x)
    print(traced.lower(lowering_platforms=("cuda",)).as_text()[:20])
