import functools

import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

from model import decoder

mesh = jax.make_mesh((2, 2), ("data", "model"))
tx = optax.adam(1e-3)


def loss_fn(params, tokens, targets):
    logits = decoder.forward(params, tokens)
    return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()


@functools.partial(jax.jit, donate_argnums=(0, 1))
def train_step(params, opt_state, tokens, targets):
    loss, grads = jax.value_and_grad(loss_fn)(params, tokens, targets)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


with jax.set_mesh(mesh):
    params = decoder.init(jax.random.key(0))
    opt_state = tx.init(params)
    tokens = jax.device_put(jnp.zeros((8, 16), jnp.int32), P("data", None))
    targets = jax.device_put(jnp.zeros((8, 16), jnp.int32), P("data", None))
    lowered = train_step.trace(params, opt_state, tokens, targets).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:24])
