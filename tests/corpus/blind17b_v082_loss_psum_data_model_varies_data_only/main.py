import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from mylib.train import MESH_AXES, loss_and_grads

mesh = jax.make_mesh((2, 2), MESH_AXES)
fn = jax.jit(jax.shard_map(loss_and_grads, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                           out_specs=(P(), P())))
fn.trace(jnp.zeros((16, 4)), jnp.ones((32, 16)), jnp.ones((32, 4))).lower(
    lowering_platforms=('cuda',))
