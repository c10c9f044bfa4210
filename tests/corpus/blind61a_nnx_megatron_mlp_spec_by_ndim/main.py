import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from tp.mlp import MLP
from tp.specs import param_specs

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))

model = MLP(512, 2048, rngs=nnx.Rngs(0))
graphdef, params, rest = nnx.split(model, nnx.Param, ...)
specs = param_specs(params)


def forward(params, x):
  model = nnx.merge(graphdef, params, rest)
  return model(x)


sharded_forward = jax.jit(
    jax.shard_map(
        forward,
        mesh=mesh,
        in_specs=(specs, P("data", None)),
        out_specs=P("data", None),
    )
)

x = jnp.ones((64, 512), jnp.float32)
print(sharded_forward.trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:200])
