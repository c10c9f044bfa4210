import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh

from trainer import Trainer

mesh = Mesh(jax.devices()[:4], ("batch",))
model = eqx.nn.MLP(in_size=4, out_size=1, width_size=16, depth=2, key=jax.random.PRNGKey(1))
trainer = Trainer(model, mesh)
loss = trainer.make_loss()

grad_step = jax.jit(jax.value_and_grad(loss))

x = jnp.ones((32, 4))
y = jnp.ones((32, 1))
print(grad_step.trace(trainer.params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
