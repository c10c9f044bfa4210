import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

DATA, MODEL = "data", "model"
GRAD_AXES = (DATA, MODEL)


class Classifier(nnx.Module):
  def __init__(self, rngs):
    self.body = nnx.Linear(128, 256, rngs=rngs)
    self.head = nnx.Linear(256, 16, rngs=rngs)

  def __call__(self, x):
    return self.head(nnx.relu(self.body(x)))


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (DATA, MODEL))


def compute_grads(model, batch):
  def loss_fn(model):
    logits = model(batch["image"])
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"]).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  # average over every replica of the batch
  grads = jax.lax.pmean(grads, GRAD_AXES)
  return jax.lax.pmean(loss, GRAD_AXES), grads


sharded_grads = nnx.shard_map(
    compute_grads, mesh=mesh, in_specs=(P(), P(DATA)), out_specs=(P(), P()),
    axis_names={DATA})


@nnx.jit
def train_step(model, optimizer, batch):
  loss, grads = sharded_grads(model, batch)
  optimizer.update(model, grads)
  return loss


def main():
  model = Classifier(nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
  batch = {"image": jnp.ones((64, 128)), "label": jnp.zeros((64,), jnp.int32)}
  train_step.trace(model, optimizer, batch).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
