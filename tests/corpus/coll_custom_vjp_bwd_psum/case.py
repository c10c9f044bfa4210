"""Megatron-style `f` operator: identity forward, all-reduce backward."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

TP = "model"
mesh = Mesh(np.array(jax.devices()[:4]), (TP,))


@jax.custom_vjp
def copy_to_tp(x):
    return x


def _fwd(x):
    return x, None


def _bwd(_, g):
    return (jax.lax.psum(g, TP),)


copy_to_tp.defvjp(_fwd, _bwd)


def mlp(x, w1):
    return jnp.sum(jax.nn.gelu(copy_to_tp(x) @ w1))


def grads(x, w1):
    return jax.grad(mlp, argnums=(0, 1))(x, w1)


def run(x, w1):
    return jax.shard_map(grads, mesh=mesh, in_specs=(P(), P(None, TP)), out_specs=(P(), P(None, TP)),
                         check_vma=False)(x, w1)


ARGS = (jax.ShapeDtypeStruct((4, 16), jnp.float32), jax.ShapeDtypeStruct((16, 64), jnp.float32))
