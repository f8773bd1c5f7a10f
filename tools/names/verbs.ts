// Portuguese verb forms, generated systematically: every simple tense, the participles
// and the gerund of regular verbs, plus the irregular forms of the frequent irregular
// verbs. They become the verb flag of the gazetteer, so that "Querem saber", "Renata
// revisa o contrato" and "Você analisa conversas" are read as verbs, not names.
// Accent-free: the tokenizer hashes folded words.

const ENDINGS: Record<string, string> = {
  ar: `o as a amos ais am ei aste ou astes aram ava avas avamos aveis avam arei aras ara aremos
       areis arao aria arias ariamos arieis ariam e es emos eis em asse asses assemos asseis assem
       ar ares armos ardes arem ando ado ada ados adas`,
  er: `o es e emos eis em i este eu estes eram ia ias iamos ieis iam erei eras era eremos ereis
       erao eria erias eriamos erieis eriam a as amos ais am esse esses essemos esseis essem er eres
       ermos erdes erem endo ido ida idos idas`,
  ir: `o es e imos is em i iste iu istes iram ia ias iamos ieis iam irei iras ira iremos ireis
       irao iria irias iriamos irieis iriam a as amos ais am isse isses issemos isseis issem ir ires
       irmos irdes irem indo ido ida idos idas`,
};

const ENDING_LISTS = Object.fromEntries(
  Object.entries(ENDINGS).map(([k, v]) => [k, v.trim().split(/\s+/)]),
) as Record<string, string[]>;

/**
 * Frequent verbs (infinitives), on top of those found in the training text. Verbs whose
 * forms are frequent names (amar, rosar) are fine here: a word that is also in a name
 * list keeps its name flag and the model weighs both.
 */
export const HAND_VERBS = `
acabar achar acompanhar acontecer acordar acreditar adorar afirmar ajudar alegar almocar alterar
analisar andar anunciar apagar aparecer apertar apoiar apresentar aprovar arrumar assinar assumir
atender atrasar atualizar avaliar avisar baixar brigar buscar cancelar cansar casar chamar chegar
chorar cobrar colocar combinar comecar comentar comprar conceber concluir confirmar conhecer
conseguir considerar contar continuar conversar corrigir criar criticar cuidar declarar decidir
defender deixar demorar denunciar depender descansar descobrir desejar desligar destacar
determinar discutir divulgar dormir elaborar encaminhar encontrar enviar entrar entregar entender
errar escolher escrever escutar esperar esquecer estudar evitar examinar existir explicar falar
faltar fechar ficar funcionar ganhar garantir gastar gostar governar gritar identificar indicar
informar iniciar insistir investigar jantar jogar julgar lavar lembrar levar ligar limpar mandar
marcar melhorar mencionar mexer morar mostrar mudar nascer negar notar observar obter ocorrer
olhar organizar pagar parar participar passar pedir pensar perceber perder perguntar permitir
pesquisar precisar preencher preparar pretender procurar produzir prometer propor publicar quebrar
querer reclamar receber reconhecer recusar registrar relatar resolver responder resumir retornar
revisar saber salvar seguir sentir servir solicitar sonhar sugerir sumir tentar terminar tirar
tomar trabalhar tratar trocar usar utilizar valer vender verificar viajar viver voltar votar
`
  .trim()
  .split(/\s+/);

/** Irregular forms of frequent irregular verbs (ser, estar, ter, ir, vir, fazer, dizer...). */
const IRREGULAR = `
sou es e somos sao era eras eramos eram fui foste foi fomos foram sera serao seria seriam seja sejam
fosse fossem estou esta estamos estao estava estavam estive esteve estiveram esteja estejam estivesse
tenho tens tem temos tinha tinham tive teve tiveram tera terao teria teriam tenha tenham tivesse
vou vais vai vamos vao ia iam ira irao iria iriam va vao fosse
venho vens vem vimos vinha vinham vim veio vieram vira viria venha venham viesse vindo
faco faz fazemos fazem fazia faziam fiz fez fizemos fizeram fara farao faria fariam faca facam fizesse feito feita
digo diz dizemos dizem dizia diziam disse dissemos disseram dira diria diga digam dissesse dito dita
posso pode podemos podem podia podiam pude pode pudemos puderam podera poderia possa possam pudesse
quero quer queremos querem queria queriam quis quisemos quiseram queira queiram quisesse
sei sabe sabemos sabem sabia sabiam soube souberam sabera saberia saiba saibam soubesse
dou da damos dao dava davam dei deu demos deram dara daria de deem desse dado dada
vejo ve vemos veem via viam vi viu vimos viram vera veria veja vejam visse visto vista
ponho poe pomos poem punha punham pus pos pusemos puseram pora poria ponha ponham pusesse posto posta
trago traz trazemos trazem trazia trouxe trouxeram trara traria traga tragam trouxesse
leio le lemos leem lia leram leu lera leia leiam
saio sai saimos saem saia saiam saiu sairam
caio cai caimos caem caia caiu cairam
ouco ouve ouvimos ouvem ouvia ouviu ouviram ouca oucam
peco pede pedimos pedem pedia pediu pediram peca pecam
durmo dorme dormimos dormem dormia dormiu durma
sigo segue seguimos seguem seguia seguiu seguiram siga sigam
sinto sente sentimos sentem sentia sentiu sentiram sinta sintam
consigo consegue conseguem conseguiu conseguiram consiga
prefiro prefere preferem preferiu prefira
ha havia houve havera haveria haja houvesse
`
  .trim()
  .split(/\s+/);

/** Stem spelling before e/i: ficar -> fique, pagar -> pague, comecar -> comece (accent-free). */
function stemFor(stem: string, ending: string, type: string): string {
  if (type !== 'ar' || !/^e/.test(ending)) return stem;
  if (stem.endsWith('c')) return `${stem.slice(0, -1)}qu`;
  if (stem.endsWith('g')) return `${stem}u`;
  return stem;
}

/** All generated forms of `infinitives` plus the irregular forms (3+ letters). */
export function verbForms(infinitives: Iterable<string>): Set<string> {
  const out = new Set<string>(IRREGULAR.filter((w) => w.length >= 3));
  for (const v of infinitives) {
    const type = v.slice(-2);
    const endings = ENDING_LISTS[type];
    if (endings === undefined || v.length < 4) continue;
    const stem = v.slice(0, -2);
    for (const e of endings) {
      const form = stemFor(stem, e, type) + e;
      if (form.length >= 3) out.add(form);
    }
  }
  return out;
}

/** Present, third person singular of a regular verb: "analisar" -> "analisa". */
export function presentThird(infinitive: string): string {
  return infinitive.slice(0, -2) + (infinitive.endsWith('ar') ? 'a' : 'e');
}

/** Feminine past participle: "conceber" -> "concebida". */
export function participle(infinitive: string): string {
  return infinitive.slice(0, -2) + (infinitive.endsWith('ar') ? 'ada' : 'ida');
}
