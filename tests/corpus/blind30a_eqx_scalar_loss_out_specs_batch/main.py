import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))


def eval_loss(params, static, x, y):
    model = eqx.combine(params, static)
    pred = jax.vmap(model)(x)
    loss = jnp.mean((pred - y) ** 2)
    return jax.lax.pmean(loss, "data")


def build_eval(static):
    def body(params, x, y):
        return eval_loss(params, static, x, y)
    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(P(), P("data"), P("data")),
                                 out_specs=P("data")))


if __name__ == "__main__":
    model = eqx.nn.MLP(8, 1, 32, 2, key=jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_inexact_array)
    x = jnp.ones((16, 8))
    y = jnp.zeros((16, 1))
    print(build_eval(static).trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
