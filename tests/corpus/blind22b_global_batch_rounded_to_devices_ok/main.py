import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P, AxisType


def make_args():
  parser = argparse.ArgumentParser()
  parser.add_argument("--global_batch_size", type=int, default=30)
  parser.add_argument("--seq_len", type=int, default=128)
  parser.add_argument("--vocab", type=int, default=1024)
  parser.add_argument("--d_model", type=int, default=64)
  return parser.parse_args()


def loss_fn(params, tokens):
  emb = params["embed"][tokens]
  logits = emb @ params["embed"].T
  labels = jnp.roll(tokens, -1, axis=1)
  logp = jax.nn.log_softmax(logits)
  return -jnp.mean(jnp.take_along_axis(logp, labels[..., None], -1))


@jax.jit
def train_step(params, tokens):
  loss, grads = jax.value_and_grad(loss_fn)(params, tokens)
  return jax.tree.map(lambda p, g: p - 0.01 * g, params, grads), loss


if __name__ == "__main__":
  args = make_args()
  n_dev = jax.device_count()
  # drop_remainder: make the global batch divisible by the data-parallel degree
  batch = (args.global_batch_size // n_dev) * n_dev
  mesh = jax.make_mesh((n_dev,), ("data",), axis_types=(AxisType.Auto,))
  data_sharding = NamedSharding(mesh, P("data", None))
  params = {"embed": jnp.zeros((args.vocab, args.d_model))}
  params = jax.device_put(params, NamedSharding(mesh, P()))
  tokens = jnp.zeros((batch, args.seq_len), jnp.int32)
  tokens = jax.device_put(tokens, data_sharding)
  train_step.trace(params, tokens).lower(lowering_platforms=("cuda",))
