import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh

from trainer import Trainer

mesh = Mesh(np.asarray(jax.devices()), ("data",))
model = eqx.nn.MLP(16, 10, width_size=32, depth=1, key=jax.random.key(1))
trainer = Trainer(model, optax.sgd(0.1, momentum=0.9), mesh)

step = trainer.make_step()
x = jax.ShapeDtypeStruct((32, 16), jnp.float32)
y = jax.ShapeDtypeStruct((32,), jnp.int32)
lowered = step.trace(trainer.params, trainer.opt_state, x, y).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:100])
