import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from model import Encoder
from sharding import sequence_parallel

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'seq'))
model = Encoder(dim=64, num_heads=4, depth=2, seq_axis='seq', key=jax.random.key(0))


def apply_encoder(model, x):
  return jax.vmap(model)(x)


encode = sequence_parallel(apply_encoder, mesh, batch_axis='data', seq_axis='seq')


@eqx.filter_jit
@eqx.filter_value_and_grad
def loss_fn(model, x):
  return jnp.mean(encode(model, x) ** 2)


x = jnp.ones((4, 128, 64))
jax.jit(loss_fn).trace(model, x).lower(lowering_platforms=('cuda',))
