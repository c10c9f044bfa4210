import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P, NamedSharding

from pipeline import make_pipeline, STAGE

mesh = jax.make_mesh((4,), (STAGE,))
forward = make_pipeline(mesh, num_microbatches=8)
tx = optax.sgd(1e-2)


def loss_fn(w, mbs, targets):
  out = forward(w, mbs)[-1]
  return jnp.mean((out - targets) ** 2)


@jax.jit
def train_step(w, opt_state, mbs, targets):
  loss, grads = jax.value_and_grad(loss_fn)(w, mbs, targets)
  updates, opt_state = tx.update(grads, opt_state)
  return optax.apply_updates(w, updates), opt_state, loss


w = jax.device_put(jnp.ones((4, 16, 16)) * 0.1, NamedSharding(mesh, P(STAGE)))
opt_state = tx.init(w)
mbs = jnp.ones((8, 2, 16))
targets = jnp.zeros((8, 2, 16))
print(train_step.trace(w, opt_state, mbs, targets).lower(lowering_platforms=("cuda",)).as_text()[:40])
