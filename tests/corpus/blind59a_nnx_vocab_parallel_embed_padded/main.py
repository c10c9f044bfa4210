from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from embed import TP, VocabParallelEmbed

# Llama-2 tokenizer (32000) + 3 added chat special tokens, padded to a multiple of 128
RAW_VOCAB = 32003
VOCAB = ((RAW_VOCAB + 127) // 128) * 128
D = 64


class TinyLM(nnx.Module):
  def __init__(self, *, rngs):
    self.embed = VocabParallelEmbed(VOCAB, D, rngs=rngs)
    self.norm = nnx.RMSNorm(D, rngs=rngs)
    self.proj = nnx.Linear(D, D, rngs=rngs)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', TP))


def lm_loss(table, norm_scale, w, b, ids, targets):
  h = VocabParallelEmbed.lookup(table, ids)
  h = h * jax.lax.rsqrt(jnp.mean(h * h, -1, keepdims=True) + 1e-6) * norm_scale
  h = jax.nn.silu(h @ w + b)
  local_logits = VocabParallelEmbed.logits(table, h)
  full_logits = jax.lax.all_gather(local_logits, TP, axis=2, tiled=True)
  loss = optax.softmax_cross_entropy_with_integer_labels(full_logits, targets).mean()
  return jax.lax.pmean(loss, 'data')


@nnx.jit
def train_step(model, optimizer, ids, targets):
  def loss_fn(model):
    sharded = shard_map(
        lm_loss, mesh=mesh,
        in_specs=(P(TP, None), P(), P(), P(), P('data'), P('data')),
        out_specs=P(), check_rep=False)
    return sharded(model.embed.embedding.embedding.value, model.norm.scale.value,
                   model.proj.kernel.value, model.proj.bias.value, ids, targets)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


def main():
  model = TinyLM(rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-4), wrt=nnx.Param)
  tok = NamedSharding(mesh, P('data'))
  ids = jax.ShapeDtypeStruct((8, 128), jnp.int32, sharding=tok)
  train_step.trace(model, optimizer, ids, ids).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
