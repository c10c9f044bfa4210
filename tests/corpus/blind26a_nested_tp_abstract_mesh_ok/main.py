import jax
import jax.numpy as jnp
import numpy as np
import equinox as eqx
from jax.sharding import Mesh, PartitionSpec as P

from tp.layers import TP, block_specs, init_block


class ShardedBlock(eqx.Module):
    """Tensor-parallel block: owns its shard_map over the tp axis."""

    block: eqx.Module

    def __call__(self, x):
        # inside an outer shard_map the mesh to use is the (partly manual) abstract one
        return jax.shard_map(
            lambda blk, x: blk(x),
            mesh=jax.sharding.get_abstract_mesh(),
            in_specs=(block_specs(P), P()),
            out_specs=P(),
            axis_names={TP},
        )(self.block, x)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("dp", TP))
block = init_block(64, 256, jax.random.PRNGKey(0))


def dp_loss(block, x):
    # per data-parallel shard: the tensor-parallel block, then a mean over the local batch
    y = ShardedBlock(block)(x)
    return jax.lax.pmean(jnp.mean(y**2), "dp")


loss = jax.jit(
    jax.shard_map(
        dp_loss, mesh=mesh, in_specs=(P(), P("dp")), out_specs=P(), axis_names={"dp"}
    )
)
x = jnp.ones((8, 64))
print(loss.trace(block, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
