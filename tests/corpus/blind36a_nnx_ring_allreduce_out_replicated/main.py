import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from collectives import ring_allreduce

mesh = Mesh(np.array(jax.devices()), ("tp",))
TP = 4


def _row_parallel_local(x, w):
    # x: (B, din/TP), w: (din/TP, dout) -> partial products summed around the ring
    return ring_allreduce(x @ w, "tp", TP)


row_parallel = nnx.shard_map(_row_parallel_local, mesh=mesh,
                             in_specs=(P(None, "tp"), P("tp", None)), out_specs=P())


class RowParallelLinear(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        init = nnx.initializers.lecun_normal()
        self.kernel = nnx.Param(init(rngs.params(), (din, dout)))

    def __call__(self, x):
        return row_parallel(x, self.kernel.value)


class MLP(nnx.Module):
    def __init__(self, d, rngs):
        self.up = nnx.Linear(d, 4 * d, rngs=rngs)
        self.down = RowParallelLinear(4 * d, d, rngs=rngs)

    def __call__(self, x):
        return self.down(nnx.gelu(self.up(x)))


model = MLP(32, nnx.Rngs(0))
step = nnx.jit(lambda m, x: m(x))
print(step.trace(model, jnp.ones((8, 32))).lower(lowering_platforms=("cuda",)).lowered.as_text()[:20])
