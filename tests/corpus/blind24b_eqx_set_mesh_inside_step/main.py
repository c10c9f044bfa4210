import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType

from trainer import Trainer

mesh = jax.make_mesh((4,), ("batch",), axis_types=(AxisType.Auto,))
model = eqx.nn.MLP(8, 1, 32, 2, key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
trainer = Trainer(mesh, static)
step = jax.jit(trainer.step)
x, y = jnp.ones((32, 8)), jnp.ones((32, 1))
lowered = step.trace(params, x, y).lower(lowering_platforms=("cuda",))
print("ok")
