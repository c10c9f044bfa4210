import jax
import jax.numpy as jnp

from ens.modules import Ensemble
from ens.evaluate import member_mse

x = jnp.ones((8, 16))
y = jnp.zeros((8,))
params = Ensemble().init(jax.random.key(0), x)
for i in range(2):
  lowered = member_mse.trace(params, i, x, y).lower(lowering_platforms=('cuda',))
  print(i, lowered.out_info.shape)
