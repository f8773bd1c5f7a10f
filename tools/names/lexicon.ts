// Hand-written word lists (public, general knowledge of Portuguese and of Brazilian
// surnames). They become gazetteer flags in the model; the model learns how much to
// trust each of them.

/** Particles that join the parts of a name. */
export const PARTICLES = [
  'da',
  'de',
  'do',
  'das',
  'dos',
  'e',
  'd',
  'del',
  'della',
  'di',
  'du',
  'van',
  'von',
  'der',
];

/** Words that announce a name right after them. */
export const CONTEXT_WORDS = [
  'nome',
  'chamo',
  'chama',
  'chamada',
  'chamado',
  'sr',
  'sra',
  'srta',
  'dr',
  'dra',
  'senhor',
  'senhora',
  'dona',
  'seu',
  'prof',
  'profa',
  'professor',
  'professora',
  'ministro',
  'ministra',
  'relator',
  'relatora',
  'desembargador',
  'desembargadora',
  'juiz',
  'juiza',
  'advogado',
  'advogada',
  'autor',
  'autora',
  'reu',
  're',
  'paciente',
  'cliente',
  'esposa',
  'marido',
  'irmao',
  'irma',
  'mae',
  'pai',
  'tia',
  'tio',
  'filho',
  'filha',
  'amigo',
  'amiga',
  'colega',
  'eng',
  'engenheiro',
  'engenheira',
  'deputado',
  'deputada',
  'senador',
  'senadora',
  'vereador',
  'vereadora',
  'prefeito',
  'prefeita',
  'governador',
  'governadora',
  'presidente',
  'diretor',
  'diretora',
  'gerente',
  'atenciosamente',
  'governo',
  'att',
  'ass',
  'assinado',
  'assinada',
  // Religious, military and police titles, and the words that qualify a role ("Juiz
  // Federal", "Vereador Estadual"): the name starts after them.
  'padre',
  'frei',
  'madre',
  'monsenhor',
  'conego',
  'pastor',
  'pastora',
  'bispo',
  'cardeal',
  'mestre',
  'dom',
  'coronel',
  'capitao',
  'tenente',
  'sargento',
  'cabo',
  'major',
  'soldado',
  'delegado',
  'delegada',
  'promotor',
  'promotora',
  'procurador',
  'procuradora',
  'conselheiro',
  'conselheira',
  'secretario',
  'federal',
  'estadual',
  'municipal',
  'distrital',
  'regional',
  'geral',
  'titular',
  'substituto',
  'substituta',
  'adjunto',
  'adjunta',
];

/** Function words: never the start of a name by themselves. */
export const STOP_WORDS = [
  'o',
  'a',
  'os',
  'as',
  'um',
  'uma',
  'uns',
  'umas',
  'ao',
  'aos',
  'no',
  'na',
  'nos',
  'nas',
  'num',
  'numa',
  'em',
  'por',
  'para',
  'pra',
  'pro',
  'pelo',
  'pela',
  'pelos',
  'pelas',
  'com',
  'sem',
  'sob',
  'sobre',
  'que',
  'se',
  'ou',
  'mas',
  'nao',
  'sim',
  'eu',
  'tu',
  'ele',
  'ela',
  'eles',
  'elas',
  'voce',
  'voces',
  'nos',
  'lhe',
  'me',
  'te',
  'meu',
  'minha',
  'teu',
  'tua',
  'sua',
  'esse',
  'essa',
  'este',
  'esta',
  'isso',
  'isto',
  'aquele',
  'aquela',
  'ja',
  'tambem',
  'muito',
  'mais',
  'menos',
  'quando',
  'onde',
  'como',
  'qual',
  'quem',
  'foi',
  'ser',
  'sao',
  'sou',
  'vai',
  'vou',
  'tem',
  'ter',
  'ha',
  'art',
  'inc',
  'lei',
  'n',
  'nº',
];

/**
 * Frequent Brazilian surnames (general public knowledge). The chat generators draw
 * surnames from this list; the evaluation generator also uses a separate list of
 * surnames that the model never sees (bench/names-chat-set.ts).
 */
export const COMMON_SURNAMES = [
  'silva',
  'santos',
  'oliveira',
  'souza',
  'sousa',
  'rodrigues',
  'ferreira',
  'alves',
  'pereira',
  'lima',
  'gomes',
  'costa',
  'ribeiro',
  'martins',
  'carvalho',
  'almeida',
  'lopes',
  'soares',
  'fernandes',
  'vieira',
  'barbosa',
  'rocha',
  'dias',
  'nascimento',
  'andrade',
  'moreira',
  'nunes',
  'marques',
  'machado',
  'mendes',
  'freitas',
  'cardoso',
  'ramos',
  'goncalves',
  'santana',
  'teixeira',
  'araujo',
  'pinto',
  'correia',
  'cavalcanti',
  'monteiro',
  'moura',
  'campos',
  'reis',
  'cunha',
  'medeiros',
  'batista',
  'azevedo',
  'borges',
  'castro',
  'melo',
  'miranda',
  'xavier',
  'farias',
  'fonseca',
  'rezende',
  'pires',
  'coelho',
  'sales',
  'brito',
  'aguiar',
  'bezerra',
  'cruz',
  'duarte',
  'figueiredo',
  'guimaraes',
  'jesus',
  'leite',
  'macedo',
  'magalhaes',
  'matos',
  'mota',
  'nogueira',
  'pacheco',
  'peixoto',
  'queiroz',
  'sampaio',
  'siqueira',
  'tavares',
  'vasconcelos',
  'viana',
  'barros',
  'bastos',
  'bueno',
  'camargo',
  'cordeiro',
  'diniz',
  'franco',
  'galvao',
  'lacerda',
  'leal',
  'lemos',
  'lins',
  'maia',
  'meireles',
  'mello',
  'moraes',
  'morais',
  'neves',
  'novaes',
  'paiva',
  'porto',
  'prado',
  'rangel',
  'rios',
  'serra',
  'silveira',
  'toledo',
  'valente',
  'vaz',
  'bittencourt',
  'brandao',
  'cabral',
  'caldeira',
  'dantas',
  'faria',
  'frota',
  'gusmao',
  'holanda',
  'lobo',
  'montenegro',
  'nobrega',
  'padilha',
  'rabelo',
  'saraiva',
  'simoes',
  'tenorio',
  'vidal',
  'amaral',
  'assis',
  'braga',
  'carneiro',
  'conceicao',
  'domingues',
  'esteves',
  'feitosa',
  'guerra',
  'junqueira',
  'leao',
  'marinho',
  'pimentel',
  'resende',
  'rosario',
  'salgado',
  'sena',
  'torres',
  'trindade',
  'veloso',
  'brum',
  'filho',
  'neto',
  'junior',
  'sobrinho',
];

/**
 * Very frequent everyday Portuguese words (accent-free): verbs, adverbs, time words,
 * greetings, family and service words, chat spellings and food. Legal text (LeNER-Br) lacks much of the chat vocabulary, so without this
 * list the model could not tell "maria amanha" from "maria seixas".
 */
export const EVERYDAY_WORDS = `
ai ali aqui la ca hoje ontem amanha agora depois antes cedo tarde noite manha semana mes ano dia hora
sempre nunca ainda logo talvez so tambem bem mal muito pouco mais menos tudo nada algo alguem ninguem
todo toda todos todas cada outro outra outros outras mesmo mesma proprio entao porque pois porem
sim nao ok oi ola tchau obrigado obrigada valeu beleza blz vlw tmj kkk rs haha bom boa bons boas
ser sou es e somos sao era eram foi foram sera seria estar estou esta estamos estao estava estive
ter tenho tem temos tinha tive teve ter haver ha havia fazer faco faz fez fazendo feito ir vou vai vamos
foi ia indo ir vir venho vem veio vindo dar dou da deu dando ver vejo ve viu vendo visto saber sei sabe
sabia poder posso pode podia pude querer quero quer queria dizer digo diz disse falar falo fala falou
falando ligar ligo liga ligou ligando mandar mando manda mandou mandando passar passo passa passou
pagar pago paga pagou pagando receber recebi recebeu chegar chego chega chegou chegando sair saio sai
saiu saindo ficar fico fica ficou ficando precisar preciso precisa precisou pedir peco pede pediu
assinar assina assinou assine abrir abre abriu abra fechar fecha fechou comprar compra comprou vender
vende vendeu trabalhar trabalha trabalhou morar moro mora morou estudar estuda estudou voltar volta voltou
esperar espera esperou aguardar aguarda aguardando atender atende atendeu resolver resolve resolveu
enviar envia enviou entregar entrega entregou confirmar confirma confirmou avisar avisa avisou
lembrar lembra lembrou achar acho acha achou gostar gosto gosta gostou deixar deixa deixou levar leva
levou trazer traz trouxe buscar busca buscou encontrar encontra encontrou conversar conversa conversou
casa trabalho escola empresa loja mercado banco hospital cidade rua bairro centro escritorio
pedido conta boleto fatura pix cartao dinheiro valor preco nota entrega prazo problema ajuda favor
telefone celular email mensagem zap whatsapp link reuniao consulta exame prova viagem feriado festa
janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro
segunda terca quarta quinta sexta sabado domingo feira fim
primeiro segundo terceiro ultimo proximo novo nova velho grande pequeno certo errado pronto
feliz triste cansado doente febre gripe bem melhor pior igual diferente importante urgente
pai mae filho filha irmao irma tio tia avo primo prima amigo amiga marido esposa namorado namorada
chefe gerente cliente vizinho vizinha moco moca menino menina senhor senhora gente pessoal galera
vo vove vovo titia titio cacula bebe nene sogra sogro cunhado cunhada afilhado afilhada madrinha padrinho
motoboy motorista entregador porteiro sindico sindica zelador faxineira diarista baba pastor padre
ta to tava tao tbm tb vc vcs pq q mto mt ne neh eh aff oxe eita uai tipo mano mina cara
refri bolo lanche almoco janta cafe cerveja churrasco pizza marmita
`
  .trim()
  .split(/\s+/);

/**
 * Places (public facts): the 27 state capitals, the states, and large Brazilian cities
 * (IBGE population estimates, roughly the 100 largest), accent-free, lower case. Every
 * word of a place that is not a particle gets the place flag (words of a place that are
 * also frequent first names, such as "paulo" or "jose", keep their first-name flag too;
 * the model weighs the two). Brazilian retail chains and shopping-centre names that are
 * not people in context are listed in BRANDS and share the flag.
 */
export const PLACES = `
rio branco|maceio|macapa|manaus|salvador|fortaleza|brasilia|vitoria|goiania|sao luis|cuiaba|
campo grande|belo horizonte|belem|joao pessoa|curitiba|recife|teresina|rio de janeiro|natal|
porto alegre|porto velho|boa vista|florianopolis|sao paulo|aracaju|palmas|
acre|alagoas|amapa|amazonas|bahia|ceara|distrito federal|espirito santo|goias|maranhao|
mato grosso|mato grosso do sul|minas gerais|para|paraiba|parana|pernambuco|piaui|
rio grande do norte|rio grande do sul|rondonia|roraima|santa catarina|sergipe|tocantins|
guarulhos|campinas|sao goncalo|duque de caxias|nova iguacu|sao bernardo do campo|santo andre|
osasco|jaboatao dos guararapes|sao jose dos campos|ribeirao preto|uberlandia|sorocaba|
contagem|feira de santana|joinville|juiz de fora|londrina|aparecida de goiania|niteroi|
ananindeua|belford roxo|caxias do sul|campos dos goytacazes|serra|vila velha|mogi das cruzes|
diadema|carapicuiba|santos|piracicaba|betim|jundiai|olinda|cariacica|bauru|montes claros|
canoas|maringa|anapolis|sao jose do rio preto|ponta grossa|caucaia|itaquaquecetuba|
franca|petrolina|blumenau|paulista|uberaba|cascavel|praia grande|guaruja|limeira|
taubate|petropolis|suzano|camacari|mossoro|santarem|varzea grande|sumare|gravatai|
governador valadares|taboao da serra|volta redonda|juazeiro do norte|foz do iguacu|
novo hamburgo|sao carlos|indaiatuba|marilia|imperatriz|sete lagoas|colombo|chapeco|
itajai|divinopolis|pelotas|campina grande|caruaru|vitoria da conquista|ipatinga|
rio verde|barueri|cotia|embu das artes|maraba|parnamirim|sao vicente|itabuna|
dourados|rondonopolis|crato|arapiraca|lages|santa maria|criciuma|sobral|
florenca|veneza|milao|napoles|genova|turim|munique|colonia|genebra|zurique|basileia|
antuerpia|bruxelas|haia|copenhague|copenhaga|estocolmo|varsovia|praga|viena|moscou|
moscovo|pequim|xangai|toquio|londres|berlim|atenas|edimburgo|marselha|estrasburgo|
bordeus|sevilha|nova iorque|cidade do cabo|joanesburgo|nova deli|bombaim|
`
  .split(/[|\n]/)
  .map((s) => s.trim())
  .filter((s) => s.length > 0);

/* The last lines: Portuguese names of foreign cities that the GeoNames lists lack. */

/** Retail chains and shopping centres (public facts). */
export const BRANDS = `
magazine luiza|casas bahia|americanas|lojas americanas|renner|lojas renner|riachuelo|marisa|
c&a|havan|carrefour|assai|atacadao|extra|pao de acucar|natura|boticario|avon|drogasil|
raia|pague menos|panvel|centauro|netshoes|shopee|amazon|mercado livre|submarino|
ponto frio|fast shop|leroy merlin|tok stok|iguatemi|
tambore|barra shopping|norte shopping|shopping
`
  .split(/[|\n]/)
  .map((s) => s.trim())
  .filter((s) => s.length > 0);

/**
 * Words that head the name of a place, street, institution or shop named after a person
 * ("avenida getulio vargas", "escola rui barbosa", "sao joao"): what follows is usually
 * not a person mention.
 */
export const NONPERSON_HEADS = `
avenida av rua travessa alameda praca largo rodovia estrada viaduto
bairro vila parque condominio edificio residencial conjunto
loja lojas magazine shopping supermercado mercado farmacia drogaria padaria
escola colegio faculdade universidade instituto fundacao creche
hospital clinica posto igreja paroquia capela catedral santuario
aeroporto rodoviaria estadio ginasio teatro cinema museu biblioteca
sao santo santa senhora
restaurante lanchonete pizzaria churrascaria bar boteco cafe confeitaria sorveteria hotel pousada
oficina academia salao barbearia lavanderia laboratorio estacao aquario praia ponte cais
galeria livraria papelaria otica acougue quitanda feira armazem emporio distribuidora corretora
`
  .trim()
  .split(/\s+/);

/**
 * Frequent regular verbs of chat (infinitives); all their forms are generated by
 * verbForms (verbs.ts) and flagged as verbs, so that "maria brigaram" is not read as a
 * first name and a surname. The chat generators also use them.
 */
export const REGULAR_VERBS = `
acabar achar acordar ajudar almocar andar apagar apertar arrumar assinar atrasar avisar baixar
brigar buscar cancelar cansar casar chamar chegar chorar cobrar combinar comprar confirmar
conversar cozinhar cuidar deixar demorar descansar desligar encontrar enviar entrar entregar
errar escutar esperar estudar explicar falar faltar fechar ficar ganhar gastar gostar gritar
jantar jogar lavar levar ligar limpar lembrar mandar marcar melhorar mudar nadar olhar pagar
parar passar pensar perguntar precisar preparar procurar quebrar reclamar sonhar tirar
tomar trabalhar trocar usar viajar votar voltar atender postar printar mostrar avaliar
aprender beber comer correr conhecer crescer dever escolher escrever esquecer entender
morrer mexer nascer perder receber responder resolver vender viver
abrir assistir decidir dividir dormir partir permitir sentir servir subir sumir insistir
discutir desistir existir
`
  .trim()
  .split(/\s+/);
