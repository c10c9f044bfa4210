import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

TP = 'tp'


@jax.custom_vjp
def copy_to_tp(x):
  return x


def _copy_fwd(x):
  return x, None


def _copy_bwd(_, g):
  return (jax.lax.psum(g, TP),)


copy_to_tp.defvjp(_copy_fwd, _copy_bwd)


@jax.custom_vjp
def reduce_from_tp(x):
  return jax.lax.psum(x, TP)


def _reduce_fwd(x):
  return jax.lax.psum(x, TP), None


def _reduce_bwd(_, g):
  return (jax.lax.pcast(g, TP, to='varying'),)


reduce_from_tp.defvjp(_reduce_fwd, _reduce_bwd)


def mlp(w1, w2, x):
  x = copy_to_tp(jax.lax.pcast(x, TP, to='varying'))
  h = jax.nn.gelu(x @ w1)
  return reduce_from_tp(h @ w2)


def loss(params, x):
  return jnp.mean(mlp(*params, x) ** 2)


def grads(params, x):
  return jax.value_and_grad(loss)(params, x)


mesh = Mesh(np.array(jax.devices()), (TP,))
sharded = jax.jit(jax.shard_map(grads, mesh=mesh,
                                in_specs=((P(None, TP), P(TP, None)), P()),
                                out_specs=(P(), (P(None, TP), P(TP, None)))))

if __name__ == '__main__':
  params = (jnp.ones((16, 64)), jnp.ones((64, 16)))
  sharded.trace(params, jnp.ones((4, 16))).lower(lowering_platforms=('tpu',))
