"""A custom_vjp identity whose backward pass all-reduces the cotangent (the usual trick for
replicated weights inside shard_map)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))


@jax.custom_vjp
def sync_grad(w):
    return w


def _fwd(w):
    return w, None


def _bwd(_, g):
    return (jax.lax.psum(g, "data"),)


sync_grad.defvjp(_fwd, _bwd)


def loss(w, x):
    return jnp.sum((x @ sync_grad(w)) ** 2)


f = jax.jit(jax.shard_map(jax.grad(loss), mesh=mesh, in_specs=(P(), P("data")), out_specs=P(),
                          check_vma=False))
f.trace(jax.ShapeDtypeStruct((8, 8), jnp.float32), jax.ShapeDtypeStruct((32, 8), jnp.float32)).lower(
    lowering_platforms=("cuda",))
