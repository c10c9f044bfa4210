import jax
import jax.numpy as jnp
from jax.sharding import AxisType

import data
from losses import cross_entropy

FEATURES, CLASSES, BATCH = 784, 10, 128


def init(key):
  return {"w": jax.random.normal(key, (FEATURES, CLASSES)) * 0.01,
          "b": jnp.zeros((CLASSES,))}


def loss_fn(params, images, labels):
  logits = images @ params["w"] + params["b"]
  return cross_entropy(logits, labels, CLASSES)


@jax.jit
def train_step(params, images, labels):
  loss, grads = jax.value_and_grad(loss_fn)(params, images, labels)
  return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads), loss


mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
with jax.set_mesh(mesh):
  params = jax.jit(init)(jax.random.key(0))
  images, labels = data.batch_specs(mesh, BATCH, FEATURES)
  train_step.trace(params, images, labels).lower(lowering_platforms=("tpu",))
