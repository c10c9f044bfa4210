import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from model import ParallelMLP

mesh = Mesh(jax.devices(), ("model",))
mlp = ParallelMLP(32, 128, rngs=nnx.Rngs(0))


def path_ends_with(*suffix):
    return lambda path, value: path[-len(suffix):] == suffix


state_spec = nnx.StateSharding({
    path_ends_with("up", "kernel"): P(None, "model"),
    path_ends_with("down", "kernel"): P("model", None),
})


@nnx.shard_map(mesh=mesh, in_specs=(state_spec, P()), out_specs=P())
def forward(m, x):
    return m(x)


@nnx.jit
def step(m, x):
    return forward(m, x).sum()


x = jnp.ones((8, 32))
print(step.trace(mlp, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
