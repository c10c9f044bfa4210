import jax
import jax.numpy as jnp
import numpy as np
import equinox as eqx
from jax.sharding import Mesh, PartitionSpec as P

from tp.layers import TP, block_specs, init_block


class ShardedBlock(eqx.Module):
    block: eqx.Module
    mesh: Mesh = eqx.field(static=True)

    def _local(self, block, x):
        return block(x)

    def __call__(self, x):
        fn = jax.shard_map(
            self._local,
            mesh=self.mesh,
            in_specs=(block_specs(P), P()),
            out_specs=P(),
        )
        return fn(self.block, x)


mesh = Mesh(np.array(jax.devices()), (TP,))
model = ShardedBlock(init_block(64, 256, jax.random.PRNGKey(0)), mesh)


@eqx.filter_jit
def forward(model, x):
    return model(x)


x = jnp.ones((8, 64))
lowered = jax.jit(lambda blk, x: forward(ShardedBlock(blk, mesh), x)).trace(model.block, x)
print(lowered.lower(lowering_platforms=("cuda",)).as_text()[:30])
