import argparse
from functools import partial

import jax
import jax.numpy as jnp
import optax

from config import GPTConfig, ParallelConfig
from models import GPT
import sharding


def main():
  parser = argparse.ArgumentParser("train_gpt")
  parser.add_argument("--batch_size", type=int, default=8)
  parser.add_argument("--n_layer", type=int, default=2)
  args = parser.parse_args()

  cfg = GPTConfig(n_layer=args.n_layer)
  pcfg = ParallelConfig()
  mesh = sharding.make_mesh(pcfg)
  n_shards = mesh.shape[pcfg.embed_axis]

  ids = jax.ShapeDtypeStruct((args.batch_size, cfg.block_size), jnp.int32)
  params = jax.eval_shape(lambda k, i: GPT(cfg).init(k, i)["params"], jax.random.key(0), ids)
  pspecs = sharding.param_specs(params, pcfg)
  bspec = sharding.batch_spec(pcfg)

  local_model = GPT(cfg, num_shards=n_shards, axis_name=pcfg.embed_axis)

  @partial(jax.shard_map, mesh=mesh, in_specs=(pspecs, bspec, bspec), out_specs=(pspecs, jax.P()))
  def grad_step(params, inputs, targets):
    def loss_fn(p):
      logits = local_model.apply({"params": p}, inputs)
      return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    return jax.lax.pmean(grads, pcfg.batch_axis), jax.lax.pmean(loss, pcfg.axis_names)

  @jax.jit
  def train_step(params, inputs, targets):
    grads, loss = grad_step(params, inputs, targets)
    return jax.tree.map(lambda p, g: p - 3e-4 * g, params, grads), loss

  train_step.trace(params, ids, ids).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
