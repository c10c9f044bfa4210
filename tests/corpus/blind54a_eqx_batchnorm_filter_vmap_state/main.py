import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from model import ConvNet

mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
optim = optax.sgd(1e-2, momentum=0.9)


def loss_fn(model, state, x, y):
    batched = eqx.filter_vmap(model, in_axes=(0, None), out_axes=(0, None), axis_name="batch")
    logits, state = batched(x, state)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), state


@eqx.filter_jit
def train_step(model, state, opt_state, x, y):
    x, y = eqx.filter_shard((x, y), NamedSharding(mesh, P("data")))
    (loss, state), grads = eqx.filter_value_and_grad(loss_fn, has_aux=True)(model, state, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(model, updates), state, opt_state, loss


if __name__ == "__main__":
    model, state = eqx.nn.make_with_state(ConvNet)(jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_array)
    opt_state = optim.init(params)

    def step(params, state, opt_state, x, y):
        out = train_step(eqx.combine(params, static), state, opt_state, x, y)
        return eqx.filter(out, eqx.is_array)

    x = jax.ShapeDtypeStruct((32, 3, 16, 16), jnp.float32)
    y = jax.ShapeDtypeStruct((32,), jnp.int32)
    jax.jit(step).trace(params, state, opt_state, x, y).lower(lowering_platforms=("tpu",))
