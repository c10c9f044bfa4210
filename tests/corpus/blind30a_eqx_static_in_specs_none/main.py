import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))


def body(static, params, x):
    model = eqx.combine(params, static)
    return jax.vmap(model)(x)


predict = jax.shard_map(body, mesh=mesh, in_specs=(None, P(), P("data")),
                        out_specs=P("data"))


if __name__ == "__main__":
    model = eqx.nn.MLP(8, 2, 16, 2, key=jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_array)
    x = jnp.ones((8, 8))
    lowered = jax.jit(predict, static_argnums=0).trace(static, params, x).lower(
        lowering_platforms=("cuda",))
    print(lowered.as_text()[:20])
