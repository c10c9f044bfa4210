import jax
import jax.numpy as jnp

from model import MegatronMLP
from train import make_steps

mesh = jax.make_mesh((2, 2), ('data', 'model'))
model = MegatronMLP(d_model=32, d_ff_local=64)
init, train_step, eval_step = make_steps(model, mesh)

x = jnp.ones((16, 32))
y = jnp.zeros((16, 32))
params = init(jax.random.key(0), x)

print(train_step.trace(params, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
print(eval_step.trace(params, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
