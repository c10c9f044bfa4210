import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model.mlp import ShardedMLP

mesh = jax.make_mesh((2, 2), ("data", "model"))

with jax.set_mesh(mesh):
    mlp = ShardedMLP(128, 512, rngs=nnx.Rngs(0))
    graphdef, params = nnx.split(mlp)

    def forward(params, x):
        model = nnx.merge(graphdef, params)
        return model(x).mean()

    x = jax.device_put(jnp.ones((32, 128)), P("data", None))
    lowered = jax.jit(forward).trace(params, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:40])
