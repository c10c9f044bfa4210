import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


@eqx.filter_vmap
def make_ensemble(key):
  return eqx.nn.MLP(3, 1, 8, 2, key=key)


ensemble = make_ensemble(jr.split(jr.key(0), 5))


@eqx.filter_vmap(in_axes=(eqx.if_array(0), None), axis_name='ens')
def averaged(model, x):
  return jax.lax.pmean(model(x), 'ens')


params, static = eqx.partition(ensemble, eqx.is_array)
f = jax.jit(lambda p, x: averaged(eqx.combine(p, static), x))
f.trace(params, jnp.ones(3)).lower(lowering_platforms=('cuda',))
print('ok')
