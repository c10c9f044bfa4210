"""Tensor-parallel MLP via eqx.filter_shard: shard every weight's output features over 'model'."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
optim = optax.adamw(1e-3)


def loss_fn(model, x, y):
    return optax.l2_loss(jax.vmap(model)(x), y).mean()


@eqx.filter_jit
def train_step(model, opt_state, x, y):
    # eqx.nn.Linear stores weight as (out, in)
    model = eqx.filter_shard(model, NamedSharding(mesh, P("model", None)))
    x, y = eqx.filter_shard((x, y), NamedSharding(mesh, P("data")))
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    return eqx.apply_updates(model, updates), opt_state, loss


if __name__ == "__main__":
    model = eqx.nn.MLP(64, 64, width_size=256, depth=2, key=jax.random.key(1))
    opt_state = optim.init(eqx.filter(model, eqx.is_array))
    x = jax.ShapeDtypeStruct((32, 64), jnp.float32)
    params, static = eqx.partition(model, eqx.is_array)
    lowered = jax.jit(
        lambda p, o, x, y: eqx.filter(train_step(eqx.combine(p, static), o, x, y), eqx.is_array)
    ).trace(params, opt_state, x, x).lower(lowering_platforms=("tpu",))
