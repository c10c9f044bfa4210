from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from models import Decoder

LOGICAL_RULES = [
    ('activation_batch', 'data'),
    ('activation_length', None),
    ('activation_embed', None),
    ('activation_mlp', None),
    ('embed', None),
    ('mlp', None),
]

mesh = Mesh(np.array(jax.devices()), ('data',))
model = Decoder(vocab_size=128, emb_dim=32, mlp_dim=64)
tokens = jnp.ones((8, 16), jnp.int32)
params = nn.unbox(jax.eval_shape(model.init, jax.random.key(0), tokens)['params'])


# Data parallelism written by hand: per-device loss, pmean'd gradients.
@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data')), out_specs=(P(), P()))
def train_step(params, tokens):
  def loss_fn(params):
    logits = model.apply({'params': params}, tokens[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()
  loss, grads = jax.value_and_grad(loss_fn)(params)
  return jax.lax.pmean(loss, 'data'), jax.lax.pmean(grads, 'data')


with mesh, nn.logical_axis_rules(LOGICAL_RULES):
  train_step.trace(params, tokens).lower(lowering_platforms=('cuda',))
