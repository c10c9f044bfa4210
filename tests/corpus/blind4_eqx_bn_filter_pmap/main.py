import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

from nets import MLPWithBN

DEVICE_AXIS, BATCH_AXIS = "dev", "batch"
n_dev = jax.local_device_count()

model, state = eqx.nn.make_with_state(MLPWithBN)(
    6, 32, 3, (DEVICE_AXIS, BATCH_AXIS), key=jr.PRNGKey(0)
)


@eqx.filter_pmap(axis_name=DEVICE_AXIS, in_axes=(None, None, 0, 0), out_axes=(0, 0))
def eval_step(model, state, xs, ys):
    batched = eqx.filter_vmap(model, axis_name=BATCH_AXIS, in_axes=(0, None), out_axes=(0, None))
    preds, state = batched(xs, state)
    loss = jnp.mean((preds - ys) ** 2)
    return jax.lax.pmean(loss, DEVICE_AXIS), state


xs = jnp.zeros((n_dev, 2, 6))
ys = jnp.zeros((n_dev, 2, 3))
eval_step.lower(model, state, xs, ys)
