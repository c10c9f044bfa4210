import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import Block
from rules import LOGICAL_AXIS_RULES


def forward(graphdef, state, x):
  model = nnx.merge(graphdef, state)
  return model(x)


mesh = jax.make_mesh((2, 2), ("data", "model"))

with jax.sharding.use_mesh(mesh), nnx.logical_axis_rules(LOGICAL_AXIS_RULES):
  abstract_model = nnx.eval_shape(lambda: Block(256, 8, 1024, rngs=nnx.Rngs(0)))
  graphdef, abstract_state = nnx.split(abstract_model)
  state_shardings = nnx.get_named_sharding(abstract_state, mesh)

  x_sharding = NamedSharding(mesh, P("data", None, None))
  fwd = jax.jit(forward, static_argnums=0, in_shardings=(state_shardings, x_sharding),
                out_shardings=x_sharding)
  x = jax.ShapeDtypeStruct((16, 128, 256), jnp.float32)
  fwd.trace(graphdef, abstract_state, x).lower(lowering_platforms=("tpu",))
