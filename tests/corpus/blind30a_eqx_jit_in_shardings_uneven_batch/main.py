import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("batch",), axis_types=(AxisType.Auto,))
replicated = NamedSharding(mesh, P())
data_sharding = NamedSharding(mesh, P("batch"))

BATCH = 6
optim = optax.adam(1e-3)


def loss_fn(params, static, x, y):
    model = eqx.combine(params, static)
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def make_train_step(static):
    def train_step(params, opt_state, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(params, static, x, y)
        updates, opt_state = optim.update(grads, opt_state, params)
        return eqx.apply_updates(params, updates), opt_state, loss

    return jax.jit(train_step,
                   in_shardings=(replicated, replicated, data_sharding, data_sharding),
                   out_shardings=(replicated, replicated, replicated))


if __name__ == "__main__":
    model = eqx.nn.MLP(4, 1, 32, 2, key=jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_inexact_array)
    opt_state = optim.init(params)
    x = jnp.ones((BATCH, 4))
    y = jnp.ones((BATCH, 1))
    step = make_train_step(static)
    print(step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
