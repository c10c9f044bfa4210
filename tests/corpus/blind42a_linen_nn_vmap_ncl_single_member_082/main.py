import jax
import jax.numpy as jnp

from ens.models import Ensemble, Member

model = Ensemble()
x = jnp.ones((16, 8))
params = model.init(jax.random.key(0), x)['params']

# export the best member on its own for serving
best = 2
member_params = jax.tree.map(lambda a: a[best], params['members'])


@jax.jit
def serve(member_params, x):
  preds, _ = Member().apply({'params': member_params}, x)
  return preds


serve.trace(member_params, x).lower(lowering_platforms=('cuda',))
print('lowered')
