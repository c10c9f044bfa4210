import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


class ParallelMLP(nn.Module):
    hidden: int = 32

    def setup(self):
        self.up = nn.Dense(self.hidden)
        self.down = nn.Dense(16, use_bias=False)
        self.reduce_axis = "model"

    def __call__(self, x):
        return lax.psum(self.down(nn.relu(self.up(x))), self.reduce_axis)


class SeqParallelMLP(ParallelMLP):
    def setup(self):
        super().setup()
        self.reduce_axis = "seq"


model = SeqParallelMLP()


def forward(x):
    params = model.init(jax.random.key(0), x)
    return model.apply(params, x)


f = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=P("data", "model"), out_specs=P("data"), check_vma=False))
f.trace(jnp.ones((8, 32))).lower(lowering_platforms=("cuda",))
