import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.sharding import Mesh, PartitionSpec as P

N = 4
FWD = [(i, i + 1) for i in range(N - 1)]


class Stage(nnx.Module):
    def __init__(self, d, rngs):
        self.fc = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        return jax.nn.relu(self.fc(x))

    def forward_and_pass(self, x):
        y = self(x)
        tok = jax.lax.psend(y, "pp", FWD)
        return jax.lax.precv(tok, jax.ShapeDtypeStruct(y.shape, y.dtype), "pp", FWD)


mesh = Mesh(jax.devices(), ("pp",))
stage = Stage(32, nnx.Rngs(0))


@nnx.jit
def infer(stage, x):
    f = nnx.shard_map(
        functools.partial(Stage.forward_and_pass),
        mesh=mesh, in_specs=(P(), P("pp")), out_specs=P("pp"),
    )
    return f(stage, x)


x = jnp.ones((16, 32))
print(infer.trace(stage, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
