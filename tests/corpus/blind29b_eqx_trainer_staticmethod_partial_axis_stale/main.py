import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType

from trainer import DataParallelTrainer

mesh = jax.make_mesh((4,), (DataParallelTrainer.axis_name,), axis_types=(AxisType.Auto,))
model = eqx.nn.MLP(4, 1, width_size=16, depth=2, key=jax.random.PRNGKey(0))
trainer = DataParallelTrainer(model, mesh)
opt_state = trainer.opt.init(trainer.params)
step = trainer.compiled_step()
x, y = jnp.ones((16, 4)), jnp.ones((16, 1))
lowered = step.trace(trainer.params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
