import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from model import TinyLM

VOCAB, SEQ_LEN, BATCH = 256, 64, 4

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'seq'))
tok_spec = P('data', 'seq')
act_spec = P('data', 'seq', None)


def local_loss(model, tokens, targets):
  logits = model(tokens)
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()
  return lax.pmean(loss, ('data', 'seq'))


sharded_loss = nnx.shard_map(local_loss, mesh=mesh, in_specs=(P(), tok_spec, tok_spec),
                             out_specs=P())
sharded_logits = nnx.shard_map(lambda model, tokens: model(tokens), mesh=mesh,
                               in_specs=(P(), tok_spec), out_specs=act_spec)


@nnx.jit
def train_step(model, optimizer, tokens, targets):
  loss, grads = nnx.value_and_grad(sharded_loss)(model, tokens, targets)
  optimizer.update(model, grads)
  return loss


@nnx.jit
def eval_step(model, tokens, targets):
  logits = sharded_logits(model, tokens)
  acc = jnp.mean(jnp.argmax(logits, -1) == targets)
  return {'accuracy': acc}


def main():
  model = TinyLM(VOCAB, 64, 4, 2, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
  tokens = jnp.zeros((BATCH, SEQ_LEN), jnp.int32)
  targets = jnp.roll(tokens, -1, axis=1)
  train_step.trace(model, optimizer, tokens, targets).lower(lowering_platforms=('cuda',))
  eval_step.trace(model, tokens, targets).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
