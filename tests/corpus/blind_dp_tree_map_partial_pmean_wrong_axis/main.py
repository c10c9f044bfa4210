"""Gradient all-reduce with jax.tree.map(functools.partial(lax.pmean, axis_name=...)) inside shard_map; the partial names an axis the mesh does not have."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("replica",))
allreduce = functools.partial(lax.pmean, axis_name="replicas")


def loss(params, x):
    h = jnp.tanh(x @ params["w1"])
    return jnp.mean(h @ params["w2"])


def grads(params, x):
    return jax.tree.map(allreduce, jax.grad(loss)(params, x))


params = {"w1": jax.ShapeDtypeStruct((8, 8), jnp.float32), "w2": jax.ShapeDtypeStruct((8, 1), jnp.float32)}
f = jax.jit(jax.shard_map(grads, mesh=mesh, in_specs=(P(), P("replica")), out_specs=P()))
f.trace(params, jax.ShapeDtypeStruct((32, 8), jnp.float32)).lower(lowering_platforms=("cuda",))
