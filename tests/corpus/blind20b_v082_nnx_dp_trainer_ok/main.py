import argparse

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import ConvNet

ap = argparse.ArgumentParser()
ap.add_argument("--batch_size", type=int, default=64)
ap.add_argument("--learning_rate", type=float, default=0.005)
ap.add_argument("--momentum", type=float, default=0.9)
args = ap.parse_args()

mesh = jax.make_mesh((jax.device_count(),), ("data",))
model = ConvNet(rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adamw(args.learning_rate, args.momentum), wrt=nnx.Param)
metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))


def loss_fn(model, batch):
  logits = model(batch["image"])
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"]).mean()
  return loss, logits


@nnx.jit
def train_step(model, optimizer, metrics, batch):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P(), P("data")), out_specs=P())
  def step(model, optimizer, metrics, batch):
    (loss, logits), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model, batch)
    grads = jax.lax.pmean(grads, "data")
    optimizer.update(model, grads)
    loss = jax.lax.pmean(loss, "data")
    return loss

  return step(model, optimizer, metrics, batch)


batch = {"image": jnp.zeros((args.batch_size, 28, 28, 1)),
         "label": jnp.zeros((args.batch_size,), jnp.int32)}
model.train()
train_step.trace(model, optimizer, metrics, batch).lower(lowering_platforms=("cuda",))
