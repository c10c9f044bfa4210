"""Data-parallel SGD where the gradient all-reduce is our own ring implementation."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.flatten_util import ravel_pytree
from jax.sharding import Mesh, PartitionSpec as P

from collectives import ring_all_reduce
from model import init_params, loss_fn

DATA_AXIS = "data"
mesh = Mesh(jax.devices(), axis_names=(DATA_AXIS,))


def train_step(params, batch, lr):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    flat, unravel = ravel_pytree(grads)
    flat = ring_all_reduce(flat, DATA_AXIS) / lax.axis_size(DATA_AXIS)
    grads = unravel(flat)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, lax.pmean(loss, DATA_AXIS)


p_train_step = jax.jit(
    jax.shard_map(train_step, mesh=mesh,
                  in_specs=(P(), P(DATA_AXIS), P()),
                  out_specs=(P(), P()),
                  check_vma=False)
)
