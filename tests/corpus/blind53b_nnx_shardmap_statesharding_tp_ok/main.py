import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from mlp import MLP
from sharding import model_spec

mesh = Mesh(jax.devices(), ('model',))


@nnx.shard_map(mesh=mesh, in_specs=(model_spec, P(None)), out_specs=P(None))
def tp_forward(m, x):
  y = m(x)
  return jax.lax.psum(y, 'model')


@nnx.jit
def eval_step(m, x, labels):
  logits = tp_forward(m, x)
  return jnp.mean(jnp.argmax(logits, -1) == labels)


m = MLP(32, 128, 10, rngs=nnx.Rngs(0))
rngs = nnx.Rngs(1)
x = rngs.normal((64, 32))
labels = jnp.zeros((64,), jnp.int32)
print(eval_step.trace(m, x, labels).lower(lowering_platforms=('cuda',)).as_text()[:40])
