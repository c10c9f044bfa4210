import equinox as eqx
import jax
import optax

REPLICA_AXIS = 'replicas'


def cross_entropy(model, x, y):
  logits = jax.vmap(model)(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def all_reduce_grads(grads):
  return jax.tree.map(lambda g: jax.lax.pmean(g, axis_name=REPLICA_AXIS), grads)


def sgd_step(model, x, y, lr=0.1):
  grads = eqx.filter_grad(cross_entropy)(model, x, y)
  grads = all_reduce_grads(grads)
  return eqx.apply_updates(model, jax.tree.map(lambda g: -lr * g, grads))
